export {
  bundlePath,
  LOCAL_HOSTS,
  PREVIEW_FLAG,
  translationSource,
  type TranslationSource,
} from './translationSource.ts';

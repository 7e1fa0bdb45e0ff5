import { mountRjsf } from '../shared/RjsfPage.tsx';

mountRjsf(false);

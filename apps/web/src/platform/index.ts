/**
 * Platform services of the web app: feature flags, frame messaging with an embedding page,
 * error monitoring, the query cache and content-network images.
 */
export { startPlatform } from './startPlatform.ts';
export type { Platform } from './startPlatform.ts';
export { PlatformProviders } from './PlatformProviders.tsx';
export { FlagsProvider, useFlags } from './flags/FlagsProvider.tsx';
export { flagStore } from './flags/flagStore.ts';
export type { FlagStore } from './flags/flagStore.ts';
export { FLAG_INIT_TIMEOUT_MS, flagSdkOptions, startFlagClient } from './flags/flagService.ts';
export type {
  FlagClientOptions,
  FlagValues,
  InitializeFlagClient,
  LoadedFlags,
} from './flags/flagService.ts';
export { SHOWN_LATEST_MS, whenPageShown } from './whenPageShown.ts';
export { FLAG_USER_COOKIE, flagUserId } from './flags/userId.ts';
export { FrameProvider, useFrame } from './frame/FrameProvider.tsx';
export { createFrameChild } from './frame/frameChild.ts';
export type { FrameChild, FrameChildOptions } from './frame/frameChild.ts';
export { createFrameHost, SCROLL_TO_TOP_DELAY_MS } from './frame/frameHost.ts';
export type { FrameHandlers, FrameHostOptions } from './frame/frameHost.ts';
export { acceptMessage, MAX_FRAME_MESSAGE_CHARS } from './frame/acceptMessage.ts';
export { FRAME_PROTOCOL, frameCommandSchemas } from './frame/commands.ts';
export { isFrameCommand } from './frame/commandNames.ts';
export type { FrameArgs, FrameCommand, FrameCommands, FrameResult } from './frame/commands.ts';
export { FRAME_TIMEOUT_MS, FrameResponseError, FrameTimeoutError } from './frame/errors.ts';
export { adoptParentTheme, connectToParent, reportHeight } from './frame/embedding.ts';
export { parentOriginOf } from './frame/parentOrigin.ts';
export { maskBreadcrumb, maskEvent, maskText } from './monitoring/masking.ts';
export { monitoringOptions, startMonitoring } from './monitoring/monitoring.ts';
export { reportError } from './monitoring/reporter.ts';
export type { MonitoringOptions } from './monitoring/monitoring.ts';
export { createQueryClient, QUERY_STALE_TIME_MS } from './query/queryClient.ts';
export { useContracts } from './query/useContracts.ts';
export type { ContractListItem, ContractsFetcher, ContractsState } from './query/useContracts.ts';
export { CONTENT_IMAGE_HOSTS, DEFAULT_IMAGE_QUALITY, imageUrl } from './images/imageUrl.ts';
export type { ImageOptions } from './images/imageUrl.ts';
export { memoryStorage, sessionStorageOf } from './storage.ts';

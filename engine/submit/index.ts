export { buildRequest, base64Utf8, type HttpRequest } from './request.ts';
export { CANCELED_RESENDS, isCanceled, sendForAnswer, type CallOutcome } from './answered.ts';

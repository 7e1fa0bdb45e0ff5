export { buildRequest, base64Utf8, type HttpRequest } from './request.ts';

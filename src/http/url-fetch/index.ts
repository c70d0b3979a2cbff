export { isPublicAddress } from './address-ranges';
export { downloadToFile, type DownloadOptions } from './download';
export { openUrl, type UrlFetchPolicy } from './open-url';
export { describeUrl, UrlFetchError, type UrlFetchFailure } from './url-fetch-error';
export { checkUrlHost } from './check-host';

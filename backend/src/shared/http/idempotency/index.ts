export { Idempotent, IDEMPOTENT_METADATA } from './idempotent.decorator';
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from './idempotency.interceptor';

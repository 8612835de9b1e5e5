import { PaymentList } from './PaymentList';

/** The payments resource (resource name = API path segment = folder name). */
export default { list: PaymentList };

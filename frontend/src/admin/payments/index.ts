import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { PaymentList } from './PaymentList';

/** The payments resource (resource name = API path segment = folder name). */
export default { list: PaymentList, icon: ReceiptLongOutlined };

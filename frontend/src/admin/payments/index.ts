import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { lazyPage } from '../../shared/lazyPage';

// Each page is its own chunk: the back office's first load is the shell and the page it opens.
const PaymentList = lazyPage(() => import('./PaymentList'), 'PaymentList');

/** The payments resource (resource name = API path segment = folder name). */
export default { list: PaymentList, icon: ReceiptLongOutlined };

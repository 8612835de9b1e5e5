import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import { lazyPage } from '../../shared/lazyPage';

// Each page is its own chunk: the back office's first load is the shell and the page it opens.
const InvoiceList = lazyPage(() => import('./InvoiceList'), 'InvoiceList');

/** The invoices resource (resource name = API path segment = folder name): a list, whose rows open the invoice's panel. */
export default { list: InvoiceList, icon: RequestQuoteOutlined };

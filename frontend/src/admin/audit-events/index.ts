import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { lazyPage } from '../../shared/lazyPage';

// Its own chunk: the back office's first load is the shell and the page it opens.
const AuditEventList = lazyPage(() => import('./AuditEventList'), 'AuditEventList');

/** The audit-events resource, read-only (resource name = API path segment = folder name). */
export default { list: AuditEventList, icon: HistoryOutlined };

import { ServiceList } from './ServiceList';

/** The services resource (resource name = API path segment = folder name). */
export default { list: ServiceList };

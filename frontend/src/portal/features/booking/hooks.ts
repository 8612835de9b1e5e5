export { usePublicConfig } from '../../../shared/api/publicConfig';

/** The demo labels are the domain's (one source with the device's tests): re-exported here. */
export { AOPS_DEMO as AOPS, AOPS_PAR_ZONE } from '@estive/domain/demo';

/** The agent portal's calls: the agency's customer base and the agent's application drafts. */
export { agencyCustomer, customerDetail, customerList } from './customers.ts';
export { deleteDraft, findDraft, listDrafts, saveDraft } from './drafts.ts';
export { MAX_DRAFT_BYTES, registerAgentRoutes, sendCustomerNotFound } from './routes.ts';

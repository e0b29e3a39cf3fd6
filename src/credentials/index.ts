export { openCredentialStore, CredentialStore, type CredentialStoreOptions, type RequestCount, type MatrixCharge, type UsageCounters } from './store.ts';
export { createAccessControl, requireCredential, type AccessControlOptions } from './enforcement.ts';
export { chargeMatrixRelations } from './matrix.ts';
export { usageHandler, usageResponse } from './usage.ts';
export { ensureLocalCredential, LOCAL_CREDENTIAL_NAME } from './local.ts';
export { credentialOf, type CredentialState } from './state.ts';
export {
  Credential,
  IssuedCredential,
  NO_LIMITS,
  effectiveLimits,
  solveAllowanceMilliseconds,
  serviceLimitsFrom,
  type CredentialRequest,
  type ServiceLimits,
} from './model.ts';
export { DatabaseInUseError } from './lock-file.ts';
export { controlSocketPath, runInService, startControlServer, type ControlServerOptions, type ControlServer } from './control-socket.ts';

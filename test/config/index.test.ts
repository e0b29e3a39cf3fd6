/** The configuration corners of issue 17: no credential is ever issued by itself outside `local`; where /metrics is served. */
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

describe('config', () => {
  it('issues the quick-start credential in local only, and refuses to be told otherwise elsewhere', () => {
    expect(loadConfig({}).issueLocalCredential).to.equal(true);
    expect(loadConfig({ SERVICE_ENVIRONMENT: 'production' }).issueLocalCredential).to.equal(false);
    expect(loadConfig({ ISSUE_LOCAL_CREDENTIAL: 'false' }).issueLocalCredential).to.equal(false);
    expect(() => loadConfig({ SERVICE_ENVIRONMENT: 'production', ISSUE_LOCAL_CREDENTIAL: 'true' })).to.throw(ConfigError, /ISSUE_LOCAL_CREDENTIAL/);
  });

  it('serves /metrics on the API port unless METRICS_PORT names a separate listener', () => {
    expect(loadConfig({})).to.include({ metricsPort: undefined, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).to.include({ metricsPort: 9464, metricsHost: '0.0.0.0' });
    expect(() => loadConfig({ METRICS_PORT: 'yes' })).to.throw(ConfigError, /METRICS_PORT/);
  });
});

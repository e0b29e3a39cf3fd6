/**
 * Where start-up keeps what it derives once per installation and may reuse on every start:
 * `node_modules/.cache/manifest-planning-service/` (the usual home of tools' caches), next to
 * the packages it is derived from, so a reinstall starts afresh. Users of it name their entries
 * by the versions they depend on and treat the directory as optional: it may be read-only.
 */
import { sep } from 'node:path';

/** The cache directory of the node_modules that holds `packageFile` (a resolved file of an installed package); undefined outside node_modules. */
export function installCacheDirectory(packageFile: string): string | undefined {
  const marker = `${sep}node_modules${sep}`;
  const at = packageFile.lastIndexOf(marker);
  return at < 0 ? undefined : `${packageFile.slice(0, at + marker.length)}.cache${sep}manifest-planning-service`;
}

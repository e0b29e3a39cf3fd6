/**
 * No UNSATISFIABLE or OPTIMAL on trust: a claim made on a model class where its solver is not
 * trusted (policy.ts) is re-solved on a second backend within the request's remaining time.
 * Agreement confirms it; a solution (or a better one) refutes it; anything else leaves it
 * unconfirmed, and the result is demoted to what is known without the claim.
 */
import type { EngineLogger, ProofRecord, SolveRequest, SolveResult, SolverInfo } from '../types.ts';
import { untrustedConstraints } from './policy.ts';

/** Solvers that check another's claim, in order of preference (the first one that is not the claimant). */
const CHECKERS = ['gecode', 'cp-sat', 'chuffed'];
/** Below this remaining time a check cannot finish: the claim stays unconfirmed. */
const MIN_CHECK_MS = 200;

export interface ClaimContext {
  /** performance.now() time by which the whole solve must answer. */
  deadlineAt: number;
  /** The solvers the engine offers, preferred backend first. */
  solvers: SolverInfo[];
  /** Solves without judging (`proofs: 'raw'`), through the engine's admission. */
  solveRaw(request: SolveRequest): Promise<SolveResult>;
  logger?: EngineLogger;
}

const keyOf = (result: SolveResult) => `${result.backend}:${result.solver.id}`;
const nameOf = (result: SolveResult) => `${result.solver.name} ${result.solver.version} (${result.backend})`;

function claimOf(result: SolveResult): ProofRecord['claim'] | null {
  return result.status === 'UNSATISFIABLE' || result.status === 'OPTIMAL' ? result.status : null;
}

function claimText(result: SolveResult): string {
  return result.status === 'OPTIMAL' ? `OPTIMAL (objective ${result.objective})` : 'UNSATISFIABLE';
}

function record(result: SolveResult, basis: ProofRecord['basis'], untrusted: string[], summary: string, checkedBy?: string): ProofRecord {
  return {
    claim: claimOf(result)!,
    objective: result.status === 'OPTIMAL' ? result.objective : null,
    provedBy: keyOf(result),
    basis,
    ...(checkedBy === undefined ? {} : { checkedBy }),
    untrusted,
    summary,
  };
}

/** The backend's own answer, marked as not judged. */
export function rawClaim(result: SolveResult): SolveResult {
  if (claimOf(result) === null) return result;
  const untrusted = untrustedConstraints(keyOf(result), result.flatzincConstraints);
  return { ...result, proof: record(result, 'raw', untrusted, `${claimText(result)} from ${nameOf(result)}, not checked (raw answer)`) };
}

function checkerFor(result: SolveResult, solvers: SolverInfo[]): SolverInfo | undefined {
  for (const id of CHECKERS) {
    if (id === result.solver.id) continue;
    const found = solvers.find((solver) => solver.id === id);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Better by the objective's sense (minimise unless the statistics say maximize). */
function improves(candidate: number | null, claimed: number | null, result: SolveResult): boolean {
  if (candidate === null || claimed === null) return false;
  return result.statistics.method === 'maximize' ? candidate > claimed : candidate < claimed;
}

/** What is known without the claim: no proof, the primary's solution kept. */
function demoted(result: SolveResult, proof: ProofRecord, elapsedMs: number): SolveResult {
  const status = result.solution === null ? 'UNKNOWN' : 'SATISFIED';
  return { ...result, status, stop: 'unconfirmed', bestBound: null, elapsedMs, proof };
}

export async function judgeClaim(request: SolveRequest, result: SolveResult, context: ClaimContext): Promise<SolveResult> {
  const claim = claimOf(result);
  if (claim === null) return result;
  const untrusted = untrustedConstraints(keyOf(result), result.flatzincConstraints);
  if (untrusted.length === 0) return { ...result, proof: record(result, 'trusted', [], `${claimText(result)} proven by ${nameOf(result)}, trusted on this model class (covered by the differential suite)`) };

  const started = performance.now() - result.elapsedMs;
  const elapsed = () => Math.round(performance.now() - started);
  const why = `outside its trusted class: ${untrusted.join(', ')}`;
  const checker = checkerFor(result, context.solvers);
  const remainingMs = context.deadlineAt - performance.now();
  if (checker === undefined || remainingMs < MIN_CHECK_MS || request.signal?.aborted) {
    const reason = checker === undefined ? 'no second backend to check it' : 'no time left to check it';
    return demoted(result, record(result, 'unconfirmed', untrusted, `${nameOf(result)} claimed ${claimText(result)} ${why}; ${reason}`), elapsed());
  }

  const { onSolution: _ignored, failLimit: _none, ...rest } = request;
  const check = await context.solveRaw({ ...rest, solver: checker.key, timeLimitMs: Math.max(1, Math.floor(remainingMs)), proofs: 'raw' });
  const checkedBy = `${check.backend}:${check.solver.id}`;
  const claimed = `${nameOf(result)} claimed ${claimText(result)} ${why}`;
  const agrees = claim === 'UNSATISFIABLE' ? check.status === 'UNSATISFIABLE' : check.status === 'OPTIMAL' && check.objective === result.objective;
  if (agrees) return { ...result, elapsedMs: elapsed(), proof: record(result, 'confirmed', untrusted, `${claimText(result)} proven by ${nameOf(result)} and confirmed by ${nameOf(check)}`, checkedBy) };

  const refutes = check.solution !== null && (claim === 'UNSATISFIABLE' || improves(check.objective, result.objective, result));
  if (refutes) {
    const proof = record(result, 'refuted', untrusted, `${claimed}; refuted by ${nameOf(check)}, which found ${claim === 'UNSATISFIABLE' ? 'a solution' : `objective ${check.objective}`}`, checkedBy);
    context.logger?.warn({ solver: proof.provedBy, checkedBy, claim, untrusted }, 'a solver claim was refuted by a second backend');
    return { ...check, status: 'SATISFIED', stop: 'unconfirmed', bestBound: null, elapsedMs: elapsed(), proof };
  }
  return demoted(result, record(result, 'unconfirmed', untrusted, `${claimed}; ${nameOf(check)} did not confirm it (${check.status}, ${check.stop})`, checkedBy), elapsed());
}

/**
 * MiniZinc search annotations as CP-SAT decision strategies (int_search, bool_search,
 * seq_search) and solution hints (warm_start). CP-SAT follows the strategies under fixed
 * search and uses them as a heuristic otherwise. What it has no equivalent for is listed, not
 * silently lost: a search annotation is advice, never a constraint.
 */
import type { DecisionStrategyProto, PartialVariableAssignment } from 'or-tools-wasm/cp-sat';
import type { FznLiteral } from '../flatzinc.ts';
import type { Names } from './arguments.ts';
import * as D from './domain.ts';

type VariableSelection = NonNullable<DecisionStrategyProto['variableSelectionStrategy']>;
type DomainReduction = NonNullable<DecisionStrategyProto['domainReductionStrategy']>;

/** MiniZinc's variable choices; the ones CP-SAT lacks map to their nearest (first-fail for the dynamic ones). */
const VARIABLE_SELECTION: Record<string, VariableSelection> = {
  input_order: 'CHOOSE_FIRST',
  first_fail: 'CHOOSE_MIN_DOMAIN_SIZE',
  anti_first_fail: 'CHOOSE_MAX_DOMAIN_SIZE',
  smallest: 'CHOOSE_LOWEST_MIN',
  largest: 'CHOOSE_HIGHEST_MAX',
  most_constrained: 'CHOOSE_MIN_DOMAIN_SIZE',
  dom_w_deg: 'CHOOSE_MIN_DOMAIN_SIZE',
  occurrence: 'CHOOSE_FIRST',
  max_regret: 'CHOOSE_FIRST',
};

const DOMAIN_REDUCTION: Record<string, DomainReduction> = {
  indomain: 'SELECT_MIN_VALUE',
  indomain_min: 'SELECT_MIN_VALUE',
  indomain_max: 'SELECT_MAX_VALUE',
  indomain_median: 'SELECT_MEDIAN_VALUE',
  indomain_middle: 'SELECT_MEDIAN_VALUE',
  indomain_split: 'SELECT_LOWER_HALF',
  indomain_interval: 'SELECT_LOWER_HALF',
  indomain_reverse_split: 'SELECT_UPPER_HALF',
  indomain_random: 'SELECT_RANDOM_HALF',
};

/** The numbers of DecisionStrategyProto's enums (cp_model.proto). */
const VARIABLE_SELECTION_NUMBER: Record<string, number> = {
  CHOOSE_FIRST: 0,
  CHOOSE_LOWEST_MIN: 1,
  CHOOSE_HIGHEST_MAX: 2,
  CHOOSE_MIN_DOMAIN_SIZE: 3,
  CHOOSE_MAX_DOMAIN_SIZE: 4,
};
const DOMAIN_REDUCTION_NUMBER: Record<string, number> = {
  SELECT_MIN_VALUE: 0,
  SELECT_MAX_VALUE: 1,
  SELECT_LOWER_HALF: 2,
  SELECT_UPPER_HALF: 3,
  SELECT_MEDIAN_VALUE: 4,
  SELECT_RANDOM_HALF: 5,
};

export interface Search {
  strategies: DecisionStrategyProto[];
  hint: PartialVariableAssignment;
  /** Annotations (or parts of them) CP-SAT cannot follow, as `id` or `id(choice)`. */
  ignored: string[];
}

interface AnnotationCall {
  id: string;
  args: unknown[];
}

function asCall(annotation: unknown): AnnotationCall | undefined {
  if (typeof annotation === 'object' && annotation !== null && 'id' in annotation && 'args' in annotation) {
    const { id, args } = annotation as { id: unknown; args: unknown };
    if (typeof id === 'string' && Array.isArray(args)) return { id, args };
  }
  return undefined;
}

function annotationName(annotation: unknown): string {
  return typeof annotation === 'string' ? annotation : (asCall(annotation)?.id ?? JSON.stringify(annotation));
}

class SearchReader {
  readonly search: Search = { strategies: [], hint: { vars: [], values: [] }, ignored: [] };
  private readonly hinted = new Set<number>();

  constructor(private readonly names: Names) {}

  read(annotation: unknown): void {
    const call = asCall(annotation);
    if (call === undefined) return this.ignore(annotationName(annotation));
    const reader = this.readers[call.id];
    if (reader === undefined) return this.ignore(call.id);
    reader(call.args);
  }

  private readonly readers: Record<string, (args: unknown[]) => void> = {
    int_search: (args) => this.strategy(args),
    bool_search: (args) => this.strategy(args),
    seq_search: (args) => this.elements(args[0]).forEach((inner) => this.read(inner)),
    warm_start: (args) => this.warmStart(args),
    warm_start_int: (args) => this.warmStart(args),
    warm_start_bool: (args) => this.warmStart(args),
    warm_start_array: (args) => this.elements(args[0]).forEach((inner) => this.read(inner)),
  };

  private strategy([variables, selection, reduction]: unknown[]): void {
    const choose = typeof selection === 'string' ? VARIABLE_SELECTION[selection] : undefined;
    const reduce = typeof reduction === 'string' ? DOMAIN_REDUCTION[reduction] : undefined;
    if (choose === undefined) this.ignore(`variable selection ${annotationName(selection)}`);
    if (reduce === undefined) this.ignore(`value choice ${annotationName(reduction)}`);
    const indices = this.variables(variables).filter((index): index is number => index !== undefined && D.size(this.names.model.domain(index)) > 1);
    if (indices.length === 0) return;
    // The proto's enums by number: or-tools-wasm's model check rejects their names.
    this.search.strategies.push({
      variables: indices,
      variableSelectionStrategy: VARIABLE_SELECTION_NUMBER[choose ?? 'CHOOSE_FIRST'] as VariableSelection,
      domainReductionStrategy: DOMAIN_REDUCTION_NUMBER[reduce ?? 'SELECT_MIN_VALUE'] as DomainReduction,
    });
  }

  private warmStart([variables, values]: unknown[]): void {
    const indices = this.variables(variables);
    const hints = this.elements(values);
    indices.forEach((index, i) => {
      const hint = hints[i];
      const value = typeof hint === 'boolean' ? Number(hint) : hint;
      if (index === undefined || typeof value !== 'number' || this.hinted.has(index)) return;
      this.hinted.add(index);
      this.search.hint.vars!.push(index);
      this.search.hint.values!.push(value);
    });
  }

  /** Variable indices of an array argument; constants have none. */
  private variables(argument: unknown): (number | undefined)[] {
    return this.elements(argument).map((element) => (typeof element === 'string' ? this.names.variable(element)?.index : undefined));
  }

  private elements(argument: unknown): unknown[] {
    if (Array.isArray(argument)) return argument;
    if (typeof argument === 'string') return (this.names.array(argument)?.a ?? []) as FznLiteral[];
    return [];
  }

  private ignore(what: string): void {
    if (!this.search.ignored.includes(what)) this.search.ignored.push(what);
  }
}

export function readSearch(annotations: readonly unknown[], names: Names): Search {
  const reader = new SearchReader(names);
  for (const annotation of annotations) reader.read(annotation);
  return reader.search;
}

/**
 * The FlatZinc predicates on which each solver's UNSATISFIABLE and OPTIMAL are trusted
 * (policy.ts), by `backend:id`. Every entry was seen in claims that the other backends agreed
 * with in the differential suite (test/engine/differential/, seed 1, models 0-39; the guard
 * constructs of models/pdptw.mzn added with models 0-99: array_bool_element, int_lin_eq_reif,
 * int_ne_reif on Gecode; with a constant side, `b -> x <= 2`, `(k = 2) -> ...`: int_le_imp,
 * int_ne_imp, int_ne_reif on the native Gecode: pdptw's claims on either Gecode are trusted), and the suite fails when
 * an entry is no longer exercised: add a predicate here only with a generator construct that
 * produces it. The booking relaxation's FlatZinc on Chuffed (bool_eq,
 * chuffed_disjunctive_strict, int_lin_le) is covered, so its proofs need no second opinion.
 * Chuffed's int_div is decomposed (src/engine/embedded/workarounds/div-mod.mzn): its own, wrong
 * on negative numbers, never appears.
 */
export const COVERED_CONSTRAINTS: Record<string, ReadonlySet<string>> = {
  'embedded:chuffed': new Set(['bool2int', 'bool_clause', 'bool_eq', 'bool_sum_eq', 'bool_xor', 'chuffed_cumulative', 'chuffed_disjunctive_strict', 'fzn_all_different_int', 'int_abs', 'int_eq_imp', 'int_eq_reif', 'int_le_reif', 'int_lin_eq', 'int_lin_eq_imp', 'int_lin_le', 'int_lin_le_imp', 'int_lin_le_reif', 'int_lin_ne', 'int_max', 'int_min', 'inverse_offsets']),
  'embedded:cp-sat': new Set(['bool2int', 'bool_eq', 'cpsat_cumulative', 'cpsat_disjunctive_strict', 'int_div', 'int_lin_eq', 'int_lin_le', 'int_lin_le_reif', 'int_lin_ne', 'int_min', 'int_mod']),
  'embedded:gecode': new Set(['array_bool_and', 'array_bool_element', 'array_int_element', 'array_int_maximum', 'array_int_minimum', 'array_var_int_element', 'bool2int', 'bool_clause', 'bool_eq', 'bool_eq_reif', 'bool_not', 'bool_xor', 'fzn_increasing_int', 'gecode_all_different_int', 'gecode_circuit', 'gecode_count', 'gecode_cumulatives', 'gecode_inverse_offsets', 'int_abs', 'int_div', 'int_eq_reif', 'int_le_reif', 'int_lin_eq', 'int_lin_eq_reif', 'int_lin_le', 'int_lin_le_reif', 'int_lin_ne', 'int_lin_ne_reif', 'int_max', 'int_min', 'int_mod', 'int_ne_reif', 'int_times']),
  'native:gecode': new Set(['array_bool_and', 'array_bool_element', 'array_bool_or', 'array_int_element', 'array_int_maximum', 'array_int_minimum', 'array_var_int_element', 'bool2int', 'bool_clause', 'bool_clause_reif', 'bool_eq', 'bool_eq_reif', 'bool_not', 'bool_xor', 'count', 'cumulatives', 'gecode_circuit', 'int_abs', 'int_div', 'int_eq_imp', 'int_eq_reif', 'int_le', 'int_le_imp', 'int_le_reif', 'int_lin_eq', 'int_lin_eq_imp', 'int_lin_eq_reif', 'int_lin_le', 'int_lin_le_imp', 'int_lin_le_reif', 'int_lin_ne', 'int_lin_ne_imp', 'int_lin_ne_reif', 'int_max', 'int_min', 'int_mod', 'int_ne', 'int_ne_imp', 'int_ne_reif', 'int_times', 'inverse_offsets', 'set_in_imp', 'set_in_reif']),
};

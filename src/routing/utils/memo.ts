/**
 * A function of an object that is never changed once built (an instance, a travel matrix),
 * computed once per object: the search asks the same question of it in its loops.
 */
export function oncePer<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const known = new WeakMap<K, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      known.set(key, value);
    }
    return value;
  };
}

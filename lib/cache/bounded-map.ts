/**
 * A Map that holds at most `maxEntries`: adding a key past the bound forgets the oldest inserted
 * one. The bound behind the process's caches (./ttl-cache.ts), its prepared statements
 * (lib/db/prepared-statements.ts) and its checked tokens (lib/auth/access-token.ts).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly maxEntries: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.maxEntries) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}

// Stands in for mnemonist's LRUCache (with obliterator, ~7 KB minified) in the one place the SDK uses
// it: the DynamoDB client's endpoint-discovery cache, which is built but never filled (discovery is
// off). A Map keeps insertion order, which is all a least-recently-used cache needs.
export default class LRUCache {
  constructor(capacity) {
    this.capacity = capacity;
    this.items = new Map();
  }

  has(key) {
    return this.items.has(key);
  }

  peek(key) {
    return this.items.get(key);
  }

  get(key) {
    if (!this.items.has(key)) return undefined;
    const value = this.items.get(key);
    this.items.delete(key);
    this.items.set(key, value);
    return value;
  }

  set(key, value) {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > this.capacity) this.items.delete(this.items.keys().next().value);
    return this;
  }

  clear() {
    this.items.clear();
  }
}

/** A FIFO lock for one shared resource (PGlite's single connection). */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    await previous;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  }
}

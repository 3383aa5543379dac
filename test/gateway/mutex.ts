// Serialises state mutations so concurrent requests never interleave a read-modify-write.

export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(task, task);
    // The chain must survive a failed task, or one error would block every later mutation.
    this.tail = result.catch(() => undefined);
    return result;
  }
}

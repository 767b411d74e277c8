// The part of fs-native-extensions (OS file locks) that the data-directory lock uses.
declare module 'fs-native-extensions' {
  /** An exclusive lock on the whole file, or false at once when another holder has it. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
  const nativeFs: { tryLock: typeof tryLock; unlock: typeof unlock };
  export default nativeFs;
}

// The few globals every host of the detector has (Node, browser pages, web workers), declared here because
// the package compiles without Node's or the DOM's library on purpose.
declare class TextDecoder {
  decode(input?: Uint8Array): string;
}
/** Only as a type: core's detection frame types sit next to its API client's, which names Blob (uploads). */
interface Blob {
  readonly size: number;
}
declare const performance: { now(): number };

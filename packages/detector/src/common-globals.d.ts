// The few globals every host of the detector has (Node, browser pages, web workers), declared here because
// the package compiles without Node's or the DOM's library on purpose.
declare class TextDecoder {
  decode(input?: Uint8Array): string;
}

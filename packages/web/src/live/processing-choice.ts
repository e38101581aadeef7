// The live tool's remembered "Process video on this computer" choice (localStorage; core's key and parser).
import { PROCESSING_STORAGE_KEY, type ProcessingChoice, processingChoice } from '@posture-vision/core';

export function readProcessingChoice(storage: Pick<Storage, 'getItem'> = localStorage): ProcessingChoice {
  try {
    return processingChoice(storage.getItem(PROCESSING_STORAGE_KEY));
  } catch {
    return 'server'; // storage refused (private mode, blocked cookies): the default
  }
}

export function rememberProcessingChoice(
  choice: ProcessingChoice,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(PROCESSING_STORAGE_KEY, choice);
  } catch {
    // Not remembered; the choice still holds for this page.
  }
}

// Signalling on the offer socket: the client offers, the service answers, and both
// trickle ICE candidates. The live link (offering side), the vision service (answering side) and the test
// stand-in build these messages here, so the two sides cannot drift.
import type { ProfileReference } from '../calibration/profiles';

export interface IceCandidateFields {
  candidate: string;
  sdpMLineIndex: number | null;
  sdpMid: string | null;
}

export type SignalMessage =
  | { type: 'offer' | 'answer'; sdp: string }
  | { type: 'candidate'; candidate: IceCandidateFields };

/**
 * The reference of record (the active calibration profile's) for the peer to judge every frame against, sent by
 * the client on the offer socket when it connects and whenever the profile's reference changes; null lets the
 * peer go back to no reference (a profile not calibrated yet: the client calibrates). The producer judges each
 * frame once, against this reference, and the client takes its verdict as it comes. A part the model did not
 * find travels as null coordinates (JSON has no NaN) and is read back with core's parseProfileReference.
 */
export interface ReferenceMessage {
  type: 'reference';
  reference: ProfileReference | null;
}

/** The message that carries one local ICE candidate; null for the end-of-candidates event. */
export function candidateMessage(c: IceCandidateFields | null | undefined): SignalMessage | null {
  return c
    ? {
        type: 'candidate',
        candidate: { candidate: c.candidate, sdpMLineIndex: c.sdpMLineIndex, sdpMid: c.sdpMid },
      }
    : null;
}

type SdpType = 'offer' | 'answer' | 'pranswer' | 'rollback';

/** The peer connection surface the answering side needs (browser, `@roamhq/wrtc`). */
export interface AnsweringPeerConnection {
  localDescription: { sdp: string } | null;
  setRemoteDescription(d: { type: 'offer'; sdp: string }): Promise<void>;
  createAnswer(): Promise<{ type: SdpType; sdp?: string }>;
  setLocalDescription(d: { type?: SdpType; sdp?: string }): Promise<void>;
}

/** The answering side: applies the client's offer and returns the answer to send back. */
export async function answerOffer(pc: AnsweringPeerConnection, sdp: string): Promise<SignalMessage> {
  await pc.setRemoteDescription({ type: 'offer', sdp });
  const answer = await pc.createAnswer();
  await pc.setLocalDescription(answer);
  return { type: 'answer', sdp: pc.localDescription?.sdp ?? answer.sdp ?? '' };
}

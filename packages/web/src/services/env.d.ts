// Build-time settings of the web app (vite injects VITE_* variables).
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_VISION_URL?: string;
  readonly VITE_VISION_WS_URL?: string;
  /** STUN/TURN servers of the live tool (core's resolveIceServers); default the public STUN server. */
  readonly VITE_ICE_SERVERS?: string;
  readonly VITE_PROMO_VIDEO_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
}

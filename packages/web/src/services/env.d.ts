// Build-time settings of the web app (vite injects VITE_* variables).
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_VISION_URL?: string;
  readonly VITE_VISION_WS_URL?: string;
  readonly VITE_PROMO_VIDEO_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
}

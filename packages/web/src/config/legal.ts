/**
 * Who stands behind the legal pages. Deployments set the real postal address
 * and jurisdiction at build time (VITE_* variables); the defaults name the
 * product's mailboxes.
 */
import { APP_NAME } from "./env";

export const LEGAL_EFFECTIVE_DATE = "4/24/2025";
export const OPERATOR_NAME = (import.meta.env.VITE_LEGAL_OPERATOR_NAME as string | undefined) || APP_NAME;
export const CONTACT_EMAIL = (import.meta.env.VITE_LEGAL_CONTACT_EMAIL as string | undefined) || "support@storyboard.app";
export const PRIVACY_EMAIL = (import.meta.env.VITE_LEGAL_PRIVACY_EMAIL as string | undefined) || "privacy@storyboard.app";
export const COPYRIGHT_EMAIL = (import.meta.env.VITE_LEGAL_COPYRIGHT_EMAIL as string | undefined) || "copyright@storyboard.app";
export const POSTAL_ADDRESS =
  (import.meta.env.VITE_LEGAL_POSTAL_ADDRESS as string | undefined) || `${OPERATOR_NAME}, Attn: Legal Department`;
export const GOVERNING_LAW = (import.meta.env.VITE_LEGAL_GOVERNING_LAW as string | undefined) || "the State of Delaware, United States";

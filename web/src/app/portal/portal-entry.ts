/**
 * The portal, loaded as one lazy chunk by app/app.tsx. Only this chunk (and what it imports) brings in
 * React Router, Cloudscape and Amplify.
 */
export { PortalApp } from './portal-app';

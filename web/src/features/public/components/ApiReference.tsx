/**
 * The public API's reference, drawn by Scalar's viewer from the document the API serves
 * (GET /api/v1/openapi.json, generated from the route manifest). Only the Developers page loads
 * this module, lazily: the viewer is large and no other page needs it.
 */
import { PUBLIC_API_DOCUMENT_PATH } from '@clubs/shared';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

export default function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: PUBLIC_API_DOCUMENT_PATH,
        // Nothing leaves the site: the Content-Security-Policy allows its own origin only (no
        // hosted fonts), and the viewer's hosted AI agent and telemetry are off.
        withDefaultFonts: false,
        agent: { disabled: true },
        telemetry: false,
        hideClientButton: true,
        hideDarkModeToggle: true,
        forceDarkModeState: 'light',
        showDeveloperTools: 'never',
        documentDownloadType: 'json',
        defaultOpenAllTags: true,
        authentication: { preferredSecurityScheme: 'clubApiKey' },
      }}
    />
  );
}

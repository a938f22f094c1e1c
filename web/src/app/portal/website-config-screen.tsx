import { lazy, Suspense } from 'react';
import { WebsiteConfigPage } from '../../features/website-config/components/website-config-page';

/** The public components (and the public CSS) load only when a preview is opened. */
const WebsitePreview = lazy(() => import('./website-preview').then((m) => ({ default: m.WebsitePreview })));

/**
 * /dashboard/website-config: the editor, with a draft's preview drawn by the public site's components.
 * LIVE STATUS: the section's `<SectionLiveStatus section>` (features/website-live) mounts in `liveStatus`.
 */
export function WebsiteConfigScreen() {
  return (
    <WebsiteConfigPage
      slots={{
        preview: (section, fields, sortOrder) => (
          <Suspense fallback={null}>
            <WebsitePreview section={section} fields={fields} sortOrder={sortOrder} />
          </Suspense>
        ),
      }}
    />
  );
}

import { lazy, Suspense } from 'react';
import { WebsiteConfigPage } from '../../features/website-config/components/website-config-page';
import { SectionLiveStatus } from '../../features/website-live/components/section-live-status';

/** The public components (and the public CSS) load only when a preview is opened. */
const WebsitePreview = lazy(() => import('./website-preview').then((m) => ({ default: m.WebsitePreview })));

/**
 * /dashboard/website-config: the editor, with a draft's preview drawn by the public site's components and
 * when the section's public pages went live (rendered on publish, ADR 0031).
 */
export function WebsiteConfigScreen() {
  return (
    <WebsiteConfigPage
      slots={{
        liveStatus: (section) => <SectionLiveStatus section={section} />,
        preview: (section, fields, sortOrder) => (
          <Suspense fallback={null}>
            <WebsitePreview section={section} fields={fields} sortOrder={sortOrder} />
          </Suspense>
        ),
      }}
    />
  );
}

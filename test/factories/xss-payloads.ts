/** XSS payloads that must stay inert wherever message content or a subject is shown (portal, PDF, e-mail). */
export const XSS_PAYLOADS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss=1">',
  '[click](javascript:window.__xss=1)',
  '[click](JaVaScRiPt:alert(1))',
  '<svg onload="window.__xss=1"><circle r="1"/></svg>',
  '![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[data](data:text/html,<script>alert(1)</script>)',
  '<a href="javascript:alert(1)">a</a>',
  '<iframe src="https://example.com"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '**bold** <b onmouseover=alert(1)>x</b>',
  '[x](vbscript:msgbox(1))',
];

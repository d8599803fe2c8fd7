import { fileHandler } from '../../shared/http/files';
import { docsRoutes } from '../../shared/routes/docs';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>nm-archive API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/docs.js"></script>
</body>
</html>
`;

export const handler = fileHandler(docsRoutes.page, () => ({ type: 'text/html; charset=utf-8', body: PAGE }));

// vite dev only: the full stylesheet (the build inlines each page's own purged CSS instead).
import 'bootstrap/dist/css/bootstrap.min.css';
import '../styles/app.css';

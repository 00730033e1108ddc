// The console's stylesheet: Bootstrap, its icons (cut to the icons the app uses at build:
// web/vite-icons.ts) and the app's own. src/main.tsx loads it before the app renders.
import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import './app.css';

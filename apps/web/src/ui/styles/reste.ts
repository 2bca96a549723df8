// The rest of Mantine's styles, as a module that can be imported on demand (lib/import-differe.ts).
import './mantine-reste.css';

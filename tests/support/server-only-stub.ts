// Vitest runs outside React's "react-server" condition, where the real `server-only` throws.
export {};

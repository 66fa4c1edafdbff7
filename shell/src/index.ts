// Async boundary: shared modules (react, router, zustand, shared-ui) are negotiated before bootstrap runs.
import('./bootstrap');

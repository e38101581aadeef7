// Passive monitoring's cost rules, one file per family: the change gate before the model (change-gate.ts) and the
// rates that follow what is happening (monitor-rate.ts). Imported as `@posture-vision/core/live/monitoring` by the
// hosts that run a detector (the vision service, the browser's detector worker) without the rest of live/.
export * from './domain/live/monitoring/change-gate';
export * from './domain/live/monitoring/monitor-rate';

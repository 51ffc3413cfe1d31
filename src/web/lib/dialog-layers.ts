// Which dialog is on top. Mantine's modals each listen for Escape on the window, so a dialog opened
// from another one (add a lesson from a class's dialog, a confirmation from either) would close
// together with it; a dialog that takes Escape and outside clicks only while it is the top layer
// closes alone.
import { useEffect, useState, useSyncExternalStore } from 'react';

let layers: readonly object[] = [];
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const topLayer = () => layers.at(-1);

/** Puts a layer on top of the others; the function returned takes it off. */
export function openLayer(layer: object = {}): () => void {
  layers = [...layers, layer];
  changed();
  return () => {
    // Once the event that closed it is over: the Escape that closed a confirmation is still on its
    // way to the dialogs below, and none of them may take it for its own.
    setTimeout(() => {
      layers = layers.filter((other) => other !== layer);
      changed();
    });
  };
}

/** Whether the dialog (open when `opened`) is the top layer, the one Escape is for. */
export function useTopLayer(opened: boolean): boolean {
  const [layer, setLayer] = useState<object | null>(null);
  useEffect(() => {
    if (!opened) return;
    const layer = {};
    const close = openLayer(layer);
    setLayer(layer);
    return () => {
      setLayer(null);
      close();
    };
  }, [opened]);
  const top = useSyncExternalStore(subscribe, topLayer);
  return layer !== null && top === layer;
}

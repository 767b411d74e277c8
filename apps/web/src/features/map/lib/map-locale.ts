import type { TranslateVars } from '../../../i18n';

type Translate = (key: string, vars?: TranslateVars) => string;

/** MapLibre's own control texts (zoom buttons, canvas name, popup close…) in the chosen language. */
export function mapLibreLocale(t: Translate): Record<string, string> {
  return {
    'AttributionControl.ToggleAttribution': t('map.ui.toggleAttribution'),
    'AttributionControl.MapFeedback': t('map.ui.mapFeedback'),
    'Map.Title': t('map.ui.map'),
    'Marker.Title': t('map.ui.marker'),
    'NavigationControl.ResetBearing': t('map.ui.resetBearing'),
    'NavigationControl.ZoomIn': t('map.ui.zoomIn'),
    'NavigationControl.ZoomOut': t('map.ui.zoomOut'),
    'Popup.Close': t('map.ui.closePopup'),
  };
}

/** Whether the site runs as an installed app (home-screen / standalone display mode). */
export function isInstalledApp(win: Window): boolean {
  const standalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true
  return standalone || win.matchMedia?.('(display-mode: standalone)').matches === true
}

// The admin module: mounted by the web /admin route (lazy) and by the desktop renderer.
// To mount it elsewhere: render <AdminApp /> inside any react-router router (the active tab is ?tab=)
// and a <PlatformContext.Provider value={yourPlatform}>; AdminApp brings its own query client and toasts.
// Every API call goes through platform.fetcher; a 401 calls platform.signIn after 0.5 s.
export { AdminApp } from './AdminApp';
export { type AdminPlatform, PlatformContext, type PickedFile, webPlatform } from './platform';

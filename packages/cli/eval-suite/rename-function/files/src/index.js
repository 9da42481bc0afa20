export { isAdmin } from './admin.js';
export { handleGetUser } from './api/routes.js';
export { profileTitle } from './profile.js';
export { allUsers, getUsr } from './users.js';

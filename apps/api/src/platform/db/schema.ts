// Every module's tables, gathered for Drizzle's relational queries and drizzle-kit.
import * as auth from '../../modules/auth/auth.schema.js';
import * as discovery from '../../modules/discovery/discovery.schema.js';
import * as media from '../../modules/media/media.schema.js';
import * as notifications from '../../modules/notifications/notifications.schema.js';
import * as referenceData from '../../modules/reference-data/reference-data.schema.js';
import * as support from '../../modules/support/support.schema.js';
import * as users from '../../modules/users/users.schema.js';

export const schema = {
  ...users,
  ...auth,
  ...media,
  ...referenceData,
  ...notifications,
  ...support,
  ...discovery,
};

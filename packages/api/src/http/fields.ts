// The schema pieces with the specification's wording for each rule are core's (`@posture-vision/core/http`),
// shared with the clients and their forms; re-exported here for the routes that import them from this path.
export {
  anyPassword,
  birthday,
  dateRangeQuery,
  email,
  isoDate,
  isoDateTime,
  isUuid,
  newPassword,
  requiredText,
  totpCode,
  uuidParam,
} from '@posture-vision/core/http';

import { graphql } from '../../../lib/graphql/graphql.ts';

/** Where Connect sends the browser: the provider's authorize URL, with a state bound to this session. */
export const WebinarAuthorizeUrlQuery = graphql(`
  query WebinarAuthorizeUrl {
    webinarAuthorizeUrl {
      url
    }
  }
`);

import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/** The caller's webinar connection and the provider's upcoming webinars (fetched with their token). */
export const GetWebinarsQuery = graphql(`
  query GetWebinars {
    webinars {
      available
      connected
      reconnect
      webinars {
        key
        subject
        description
        startTime
        endTime
        registrationUrl
      }
    }
  }
`);

export type TWebinar = ResultOf<typeof GetWebinarsQuery>['webinars']['webinars'][number];

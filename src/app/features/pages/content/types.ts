export interface ContentSection {
  id: string;
  title: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface FaqItem {
  id: string;
  category: 'buyers' | 'sellers' | 'about';
  question: string;
  answer: string;
}

export interface GuideStep {
  id: string;
  title: string;
  summary: string;
  points: string[];
}
